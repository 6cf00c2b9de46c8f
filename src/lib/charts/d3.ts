/**
 * The parts of d3 the charts use, in one place: the d3 modules (not the umbrella package, which would bring its
 * 30 modules into every server start), so the chart code names d3 once and ESLint keeps it so.
 */
export { bin, extent, max } from 'd3-array';
export { scaleLinear, scaleUtc } from 'd3-scale';
export { curveLinearClosed, curveStepAfter, line } from 'd3-shape';
