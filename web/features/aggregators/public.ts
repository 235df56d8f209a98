/**
 * What the aggregators offer other features: the source marks of a class's seats on the roster
 * (features/attendance), one query per class.
 */
export { useClassAggregatorSeats } from "./api";
export { AggregatorSeatBadges } from "./components/seat-badges";
