/** Shown in place of a chart whose data failed to load (spec section 8, exact wording). */
export const CHART_FAILED = "The data couldn't be fetched. Try again later.";
