// Package proofs will hold derivation records, their docs-style printer, a
// stable text/JSON form, and the independent Check that re-verifies every
// step (re-matching, re-computing and re-discharging it, and spot-checking it
// with package concrete at bindings), plus the library of the seed
// documents' derivations as golden files (DESIGN.md sections 1 and 8).
//
// Status: not implemented yet; it depends on package rules. It exports
// nothing until it works.
package proofs
