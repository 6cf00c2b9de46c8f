import type { Command } from '#cli/command.ts';
import { migrate } from './migrate.ts';
import { seriesCreate, seriesList } from './series.ts';
import { teamsCreate } from './teams.ts';
import { usersGrant } from './users.ts';
import { apiKeysCreate } from './api-keys.ts';
import { ratingsCommands } from './ratings.ts';
import { importResultsCommand } from './import.ts';
import { demoSeason, demoSeed } from './demo.ts';
import { logsParse } from './logs.ts';
import { matchesReparse } from './matches.ts';
import { backup, restore } from './backup.ts';
import { webhooksCommands } from './webhooks.ts';

/** Every operator command; add new ones here. */
export const commands: Command[] = [
  migrate,
  seriesCreate,
  seriesList,
  teamsCreate,
  usersGrant,
  apiKeysCreate,
  ...ratingsCommands,
  importResultsCommand,
  demoSeed,
  demoSeason,
  logsParse,
  matchesReparse,
  backup,
  restore,
  ...webhooksCommands,
];
