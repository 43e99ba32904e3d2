// A TVM FFI module with one function, add_one(x, y): y = x + 1 element-wise for float32 tensors of any rank,
// honouring DLPack strides and byte offsets (so non-contiguous views work), exported with the TVM FFI export macro.
// Built by panbench with g++ against the headers of the apache-tvm-ffi wheel; loaded with ffi.ModuleLoadFromFile.
#include <tvm/ffi/container/tensor.h>
#include <tvm/ffi/error.h>
#include <tvm/ffi/function.h>

#include <cstdint>
#include <vector>

namespace {

using tvm::ffi::TensorView;

bool IsFloat32(DLDataType t) { return t.code == kDLFloat && t.bits == 32 && t.lanes == 1; }

// Element strides of a tensor: the compact row-major ones when it is contiguous (DLPack may leave them NULL),
// else its own.
std::vector<int64_t> ElementStrides(const TensorView& t) {
  std::vector<int64_t> s(t.ndim());
  const bool contiguous = t.IsContiguous();
  int64_t step = 1;
  for (int i = t.ndim() - 1; i >= 0; --i) {
    s[i] = contiguous ? step : t.stride(i);
    step *= t.size(i);
  }
  return s;
}

void AddOne(TensorView x, TensorView y) {
  if (!IsFloat32(x.dtype()) || !IsFloat32(y.dtype())) {
    TVM_FFI_THROW(TypeError) << "add_one expects float32 tensors";
  }
  if (x.device().device_type != kDLCPU || y.device().device_type != kDLCPU) {
    TVM_FFI_THROW(ValueError) << "add_one runs on CPU tensors only";
  }
  if (x.ndim() != y.ndim()) {
    TVM_FFI_THROW(ValueError) << "add_one: rank " << x.ndim() << " vs " << y.ndim();
  }
  const int nd = x.ndim();
  int64_t n = 1;
  for (int i = 0; i < nd; ++i) {
    if (x.size(i) != y.size(i)) {
      TVM_FFI_THROW(ValueError) << "add_one: shapes differ at dimension " << i;
    }
    n *= x.size(i);
  }
  const float* xp = reinterpret_cast<const float*>(static_cast<const char*>(x.data_ptr()) + x.byte_offset());
  float* yp = reinterpret_cast<float*>(static_cast<char*>(y.data_ptr()) + y.byte_offset());
  std::vector<int64_t> xs = ElementStrides(x), ys = ElementStrides(y);
  if (x.IsContiguous() && y.IsContiguous()) {
    for (int64_t i = 0; i < n; ++i) yp[i] = xp[i] + 1.0f;
    return;
  }
  std::vector<int64_t> index(nd, 0);
  for (int64_t k = 0; k < n; ++k) {
    int64_t xo = 0, yo = 0;
    for (int d = 0; d < nd; ++d) {
      xo += index[d] * xs[d];
      yo += index[d] * ys[d];
    }
    yp[yo] = xp[xo] + 1.0f;
    for (int d = nd - 1; d >= 0; --d) {
      if (++index[d] < x.size(d)) break;
      index[d] = 0;
    }
  }
}

}  // namespace

TVM_FFI_DLL_EXPORT_TYPED_FUNC(add_one, AddOne);
