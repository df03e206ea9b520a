// Captures CuTe's print_latex(layout) for the layouts of TestLatexCuTe
// (cmd/cute/latex_test.go), which compiles and runs this file when given
// -capture. A (thread, value) layout is drawn as its users draw it:
// print_latex_tv(composition(make_identity_layout(tile), tv), tile). Each output is preceded by a line "@@ NAME"; the test writes it
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

template <class TV, class Tile>
void capture_tv(char const* name, TV const& tv, Tile const& tile) {
  printf("@@ %s\n", name);
  print_latex_tv(composition(make_identity_layout(tile), tv), tile);
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
  capture_tv("tv-simple", make_layout(Shape<_4, _2>{}, Stride<_1, _4>{}), make_shape(_4{}, _2{}));
  capture_tv("tv-sm80-c", make_layout(Shape<Shape<_4, _8>, Shape<_2, _2>>{}, Stride<Stride<_32, _1>, Stride<_16, _8>>{}), make_shape(_16{}, _8{}));
  capture_tv("tv-dynamic", make_layout(make_shape(4, make_shape(2, 2)), make_stride(2, make_stride(1, 8))), make_shape(_8{}, _2{}));
  capture_tv("tv-broadcast", make_layout(Shape<_16, _2>{}, Stride<_1, _0>{}), make_shape(_8{}, _2{}));
  capture_tv("tv-column", make_layout(make_shape(8, 2), make_stride(1, 0)), make_shape(_1{}, _8{}));
  capture_tv("tv-partial", make_layout(Shape<_4, _2>{}, Stride<_2, _16>{}), make_shape(_8{}, _4{}));
  capture_tv("tv-mixed", make_layout(make_shape(make_shape(_2{}, 4), _4{}), make_stride(make_stride(_1{}, 8), _2{})), make_shape(_8{}, _8{}));
  capture_tv("tv-wgmma", make_layout(Shape<Shape<_4, _8, _4>, Shape<_2, _2, _8>>{}, Stride<Stride<_128, _1, _16>, Stride<_64, _8, _512>>{}), make_shape(_64{}, _64{}));
  return 0;
}
