// Package vectors reads the CuTe ground truth that the tests of several
// packages check against: the JSON-lines records of ../shared/vectors
// (beside the repository), computed by CuTe C++ itself. The files are read
// in place, never copied into the repository; tests skip with a clear
// message when the folder is absent (Dir reports false).
package vectors
