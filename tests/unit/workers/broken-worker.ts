/** Worker entry of pool.test.ts that fails while loading. */
throw new Error('broken entry');
