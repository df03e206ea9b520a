// Package rules will hold the rewrite rules of the symbolic layout algebra as
// data: embedded text files, one per operation family, each rule citing the
// passage of the CuTe documentation it mirrors; their parser and lints (dead
// and duplicate rules); and the rewriting engine that computes every
// operation symbolically and records a derivation (DESIGN.md section 1).
//
// Status: not implemented yet. The package builds on sym (symbolic integers
// and assumptions), which is being built first; until then it exports
// nothing, so nothing can depend on it by mistake.
package rules
