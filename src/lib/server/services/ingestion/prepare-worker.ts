/**
 * Worker-thread entry of the report pool (services/ingestion/prepare-pool.ts): answers each PrepareRequest with
 * prepareReport. Loaded by Node from src/ (type stripping, `#lib/*` imports), never bundled.
 */
import { serveTasks } from '#lib/server/workers/protocol.ts';
import { prepareReport } from './prepare.ts';

serveTasks(prepareReport);
