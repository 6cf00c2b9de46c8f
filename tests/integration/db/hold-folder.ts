// Run as a child process: holds the data folder named by argv[2] until killed, and says so on stdout.
import { lockDataFolder } from '#lib/server/db/folder-lock.ts';

lockDataFolder(process.argv[2]!);
process.stdout.write('held\n');
setInterval(() => {}, 60_000);
