// Per-call time of CuTe C++ host code for the twelve operations of the "Peer speed" table
// (shared/vectors/README.md). Build: g++ -O2 -std=c++17 -I<stubs> -I<cutlass>/include cute_peer.cpp
// (run.sh writes the <stubs>: stand-ins for the few CUDA toolkit headers CUTLASS includes).
// Method: dynamic ints are `int`s read from a volatile array every iteration, static ones are
// cute::Int<N>; every leaf of the result's shape and stride is hashed into a volatile sink;
// best of 5 runs of >= 0.3 s each; ns per call. Each result is printed once to be checked.
#include <cute/layout.hpp>
#include <chrono>
#include <cstdio>

using namespace cute;

static volatile int in[129]; // in[k] == k (filled in main): every dynamic int is read from here
static volatile long sink;

// Hash every leaf (static or dynamic) of shape and stride into the sink.
template <class Lay>
static inline void consume(Lay const& r) {
  long h = 0;
  for_each_leaf(r.shape(), [&](auto x) { h = h * 31 + int(x); });
  for_each_leaf(r.stride(), [&](auto x) { h = h * 31 + int(x); });
  sink = h;
}

// Dynamic int of value v: a fresh volatile read at every call, so the compiler cannot fold it.
static inline int D(int v) { return in[v]; }

template <class F>
static void bench(char const* name, F f) {
  std::printf("%-11s", name);
  print(f()); // the result, once
  double best = 1e30;
  for (int run = 0; run < 5; ++run) {
    using clk = std::chrono::steady_clock;
    auto t0 = clk::now();
    long n = 0;
    double s = 0;
    do { // batches of 10000 calls until >= 0.3 s
      for (int i = 0; i < 10000; ++i) consume(f());
      n += 10000;
      s = std::chrono::duration<double>(clk::now() - t0).count();
    } while (s < 0.3);
    if (s / n < best) best = s / n;
  }
  std::printf("   %.2f ns\n", best * 1e9);
}

int main() {
  for (int k = 0; k < 129; ++k) in[k] = k;
  // composition((10,2):(16,4), (5,4):(1,5)), all dynamic
  bench("comp_ex2", [] {
    return composition(make_layout(make_shape(D(10), D(2)), make_stride(D(16), D(4))),
                       make_layout(make_shape(D(5), D(4)), make_stride(D(1), D(5))));
  });
  // composition((6,2):(8,2), (4,3):(3,1)), all dynamic
  bench("comp_ex1", [] {
    return composition(make_layout(make_shape(D(6), D(2)), make_stride(D(8), D(2))),
                       make_layout(make_shape(D(4), D(3)), make_stride(D(3), D(1))));
  });
  // composition((12,(4,8)):(59,(13,1)), <3:4,8:2>), all dynamic
  bench("comp_tiler", [] {
    return composition(make_layout(make_shape(D(12), make_shape(D(4), D(8))),
                                   make_stride(D(59), make_stride(D(13), D(1)))),
                       make_tile(make_layout(D(3), D(4)), make_layout(D(8), D(2))));
  });
  // complement(4:2, 24), all dynamic
  bench("compl_1", [] { return complement(make_layout(D(4), D(2)), D(24)); });
  // complement((2,2):(_1,_6), 24): dynamic shapes and cotarget, static strides
  // (CuTe: "Dynamic-stride complement only for rank-1 layouts")
  bench("compl_2", [] {
    return complement(make_layout(make_shape(D(2), D(2)), make_stride(_1{}, _6{})), D(24));
  });
  // complement((2,4):(_1,_6), 24): same
  bench("compl_3", [] {
    return complement(make_layout(make_shape(D(2), D(4)), make_stride(_1{}, _6{})), D(24));
  });
  // logical_divide((4,2,3):(2,1,8), 4:2), all dynamic
  bench("ldiv_1d", [] {
    return logical_divide(make_layout(make_shape(D(4), D(2), D(3)), make_stride(D(2), D(1), D(8))),
                          make_layout(D(4), D(2)));
  });
  // logical_divide((128,128):(1,128), <32:1,16:1>), all dynamic
  bench("ldiv_2d", [] {
    return logical_divide(make_layout(make_shape(D(128), D(128)), make_stride(D(1), D(128))),
                          make_tile(make_layout(D(32), D(1)), make_layout(D(16), D(1))));
  });
  // logical_divide((9,(4,8)):(59,(13,1)), <_3:_3,(_2,_4):(_1,_8)>): dynamic A, static tiler
  bench("ldiv_doc", [] {
    return logical_divide(make_layout(make_shape(D(9), make_shape(D(4), D(8))),
                                      make_stride(D(59), make_stride(D(13), D(1)))),
                          make_tile(Layout<_3, _3>{}, Layout<Shape<_2, _4>, Stride<_1, _8>>{}));
  });
  // blocked_product((_2,_5):(_5,_1), (3,4):(1,3)): static block, dynamic tiler
  bench("bprod_1", [] {
    return blocked_product(Layout<Shape<_2, _5>, Stride<_5, _1>>{},
                           make_layout(make_shape(D(3), D(4)), make_stride(D(1), D(3))));
  });
  // blocked_product(8:1, (3,4):(1,3)), all dynamic
  bench("bprod_2", [] {
    return blocked_product(make_layout(D(8), D(1)),
                           make_layout(make_shape(D(3), D(4)), make_stride(D(1), D(3))));
  });
  // blocked_product((2,5):(_5,_1), (3,4):(1,3)): dynamic shapes, static block strides
  bench("bprod_3", [] {
    return blocked_product(make_layout(make_shape(D(2), D(5)), make_stride(_5{}, _1{})),
                           make_layout(make_shape(D(3), D(4)), make_stride(D(1), D(3))));
  });
  return 0;
}
