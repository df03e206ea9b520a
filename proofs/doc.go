// Package proofs prints derivations in the documentation's style (Format)
// and will hold the independent Check that re-verifies every step
// (re-matching, re-computing and re-discharging it, and spot-checking it
// with package concrete at bindings), symbolic equivalence, and the library
// of the seed documents' derivations as golden files (DESIGN.md sections 1
// and 8). The derivation records and their stable JSON form are package
// rules' (rules.Derivation).
//
// Status: the printer is in; Check, equivalence and the library are not.
package proofs
