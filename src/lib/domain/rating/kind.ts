/** How a match ended, as the models read it. */
export const KIND = Object.freeze({ r32: 0, r41: 1, r50: 2, win: 3, draw: 4 });
