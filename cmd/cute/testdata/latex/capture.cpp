// Captures CuTe's print_latex(layout) for the layouts of TestLatexCuTe
// (cmd/cute/latex_test.go), which compiles and runs this file when given
// -capture. Each output is preceded by a line "@@ NAME"; the test writes it
// to NAME.tex. The names and layouts must stay in the order of latexCases.
#include <cute/layout.hpp>
#include <cute/util/print_latex.hpp>
#include <cstdio>

using namespace cute;

template <class L>
void capture(char const* name, L const& l) {
  printf("@@ %s\n", name);
  print_latex(l);
}

int main() {
  capture("rank0", make_layout(make_shape(), make_stride()));
  capture("rank1-static", Layout<_8, _2>{});
  capture("rank1-dynamic", make_layout(8, 2));
  capture("rank1-nested", make_layout(make_shape(make_shape(2, 4)), make_stride(make_stride(1, 2))));
  capture("rank1-one", Layout<_1, _0>{});
  capture("rank2-static", make_layout(Shape<_4, _2>{}, Stride<_2, _1>{}));
  capture("rank2-dynamic", make_layout(make_shape(3, 5), make_stride(5, 1)));
  capture("rank2-mixed", make_layout(make_shape(_4{}, 3), make_stride(3, _1{})));
  capture("rank2-colors", make_layout(Shape<_8, _8>{}, Stride<_1, _8>{}));
  capture("rank2-wide", make_layout(make_shape(2, 3), make_stride(100, 7)));
  capture("nested-col", make_layout(make_shape(3, make_shape(2, 3)), make_stride(3, make_stride(12, 1))));
  capture("nested-both", make_layout(make_shape(make_shape(2, 2), make_shape(2, 4)), make_stride(make_stride(1, 4), make_stride(2, 8))));
  capture("nested-mixed", make_layout(make_shape(make_shape(_2{}, 3), _2{}), make_stride(make_stride(3, _1{}), 6)));
  capture("zero-stride", make_layout(make_shape(4, 3), make_stride(0, 1)));
  capture("zero-stride-static", make_layout(Shape<_4, _4>{}, Stride<_1, _0>{}));
  capture("zero-stride-nested", make_layout(make_shape(make_shape(2, 2), 3), make_stride(make_stride(0, 1), 2)));
  return 0;
}
