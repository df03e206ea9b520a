// Captures CuTe's print_layout of the composed layouts of TestShowSwizzleCuTe
// (cmd/cute/swizzle_test.go), which compiles and runs this file when given
// -capture. Each output is preceded by a line "@@ NAME"; the test writes it
// to NAME.txt. The names and layouts must stay in the order of swizzleCases.
#include <cute/layout.hpp>
#include <cute/swizzle_layout.hpp>
#include <cute/util/print_tensor.hpp>
#include <cstdio>

using namespace cute;

template <class L>
void capture(char const* name, L const& l) {
  printf("@@ %s\n", name);
  print_layout(l);
}

int main() {
  capture("sw343", make_composed_layout(Swizzle<3,4,3>{}, _0{}, make_layout(Shape<_8, _64>{}, Stride<_64, _1>{})));
  capture("sw111", make_composed_layout(Swizzle<1,1,1>{}, _0{}, make_layout(Shape<_4, _4>{}, Stride<_4, _1>{})));
  capture("sw232", make_composed_layout(Swizzle<2,3,2>{}, _0{}, make_layout(Shape<_16, _8>{}, Stride<_8, _1>{})));
  capture("sw-negative", make_composed_layout(Swizzle<2,0,-2>{}, _0{}, make_layout(Shape<_4, _4>{}, Stride<_1, _4>{})));
  capture("sw-dynamic", make_composed_layout(Swizzle<2,2,2>{}, 8, make_layout(make_shape(8, 4), make_stride(4, 1))));
  capture("sw-nested", make_composed_layout(Swizzle<1,2,3>{}, _0{}, make_layout(make_shape(make_shape(_2{}, _4{}), _8{}), make_stride(make_stride(_8{}, _1{}), _16{}))));
  capture("sw-identity", make_composed_layout(Swizzle<0,4,3>{}, _0{}, make_layout(Shape<_4, _4>{}, Stride<_1, _4>{})));
}
