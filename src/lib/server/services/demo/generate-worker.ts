/**
 * Worker-thread entry of the demo seed's pool (services/demo/load.ts): answers each DemoChunkRequest with the
 * chunk's rows. Loaded by Node from src/ (type stripping, `#lib/*` imports), never bundled.
 */
import { serveTasks } from '#lib/server/workers/protocol.ts';
import { generateDemoChunkOf } from './generate.ts';

serveTasks(generateDemoChunkOf);
