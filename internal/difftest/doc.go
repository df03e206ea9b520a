// Package difftest is cutealg's differential tester of other
// implementations of CuTe's layout algebra (cute diff, issue 17), and the
// writer of generated vectors (cute vectors).
//
// Run starts the peer command once and speaks the oracle protocol (DESIGN
// section 5) to it: it sends N cases drawn by props.Cases (every operation
// asked for in turn, then every flavor, one case in four inadmissible, so
// that refusals are tested too; case i depends only on the seed and i:
// props.CaseAt), and compares each reply with cutealg's own (internal/oracle,
// in-process):
//
//   - an error meets an error; a peer's error also meets a value of
//     cutealg's that carries a warning (CuTe's value breaks a documented
//     post-condition, and the vectors let any error pass there);
//   - values agree when printed alike, or with Functional as functions:
//     the same size, the same value at every index (the first MaxCompare),
//     the same sizes of the top-level modes; integers, tuples and
//     evaluate's lists by their numbers, static marks ignored;
//   - a crash (the process ends), a hang (no reply within the per-case
//     timeout) and garbage (a line that is not a JSON reply to the request)
//     are disagreements too; the peer's process group is killed and a new
//     process started for the next request.
//
// Every disagreement is shrunk by props.Minimize (gopter's explicit
// shrinkers: fewer modes, smaller extents and strides, shallower nesting)
// to a smallest case that still disagrees in the same way (kind), asking
// the peer each candidate, within a budget of probes. Disagreements that
// shrink to the same case are one finding. A finding carries both answers
// and, where cutealg can check it on the peer's value alone, the
// documented post-condition that value breaks (its catalogue id).
//
// The report counts, per operation and flavor, the cases sent, agreed
// (errors: of those, both refused), disagreed (faults: of those, a crash,
// hang or garbage reply), and the distinct minimal cases they shrank to. It is deterministic for a seed when the peer is.
package difftest
