// Package tuple implements the generic nested tuple that CuTe calls an
// IntTuple when its leaves are integers: a value is either a leaf or an
// ordered (possibly empty) tuple of values.
//
// The package knows nothing about arithmetic; shapes, strides, coordinates,
// layouts (congruent shape and stride trees) and tilers are all built on it by
// the packages above. Values are immutable by convention: no function here
// modifies its arguments, and callers must not modify a slice returned by
// Kids.
package tuple
