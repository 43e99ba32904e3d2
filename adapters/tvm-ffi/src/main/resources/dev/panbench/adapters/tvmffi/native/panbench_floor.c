/*
 * The C floor: the same TVM FFI calls the Java binding makes, issued from a C loop, so a JMH run can report the
 * binding's overhead as a ratio to what C pays. Built by panbench with a C compiler against the wheel's c_api.h.
 * Every loop releases what each call returns, as the Java side does.
 */
#include <stddef.h>
#include <stdint.h>
#include <tvm/ffi/c_api.h>

static void panbench_release(TVMFFIAny* v) {
  if (v->type_index >= kTVMFFIStaticObjectBegin) {
    TVMFFIObjectDecRef(v->v_obj);
  }
  v->type_index = kTVMFFINone;
  v->zero_padding = 0;
  v->v_int64 = 0;
}

/*
 * Calls func(args[0..num_args)) n times. Returns 0 when every call did what expect_error says (all succeed, or all
 * raise an error, which is then taken and released), else the 1-based iteration that did not. The last result is
 * moved into *last (the caller owns it).
 */
int64_t panbench_call_loop(TVMFFIObjectHandle func, TVMFFIAny* args, int32_t num_args, int64_t n,
                           int32_t expect_error, TVMFFIAny* last) {
  TVMFFIAny result;
  result.type_index = kTVMFFINone;
  result.zero_padding = 0;
  result.v_int64 = 0;
  for (int64_t i = 0; i < n; ++i) {
    panbench_release(&result);
    int rc = TVMFFIFunctionCall(func, args, num_args, &result);
    if (rc != 0) {
      TVMFFIObjectHandle err = NULL;
      TVMFFIErrorMoveFromRaised(&err);
      if (err != NULL) TVMFFIObjectDecRef(err);
      result.type_index = kTVMFFINone;
      if (!expect_error) return i + 1;
    } else if (expect_error) {
      return i + 1;
    }
  }
  *last = result;
  return 0;
}

/* n pairs of TVMFFIObjectIncRef/TVMFFIObjectDecRef on a live object; returns the number of failures. */
int64_t panbench_incdec_loop(TVMFFIObjectHandle obj, int64_t n) {
  int64_t failures = 0;
  for (int64_t i = 0; i < n; ++i) {
    failures += TVMFFIObjectIncRef(obj) != 0;
    failures += TVMFFIObjectDecRef(obj) != 0;
  }
  return failures;
}

/* n calls of TVMFFIGetVersion; returns the sum of the patch numbers seen (n * patch). */
int64_t panbench_version_loop(int64_t n) {
  int64_t sum = 0;
  for (int64_t i = 0; i < n; ++i) {
    TVMFFIVersion v;
    TVMFFIGetVersion(&v);
    sum += v.patch;
  }
  return sum;
}

/* n reads of a reflected field through its getter; returns the sum of the int64 values read. */
int64_t panbench_getter_loop(TVMFFIFieldGetter getter, void* field, int64_t n) {
  int64_t sum = 0;
  for (int64_t i = 0; i < n; ++i) {
    TVMFFIAny out;
    out.type_index = kTVMFFINone;
    out.zero_padding = 0;
    out.v_int64 = 0;
    if (getter(field, &out) != 0) return INT64_MIN;
    sum += out.v_int64;
    panbench_release(&out);
  }
  return sum;
}

static int panbench_identity_call(void* self, const TVMFFIAny* args, int32_t num_args, TVMFFIAny* result) {
  (void)self;
  if (num_args != 1) {
    TVMFFIErrorSetRaisedFromCStr("TypeError", "identity expects one argument");
    return -1;
  }
  return TVMFFIAnyViewToOwnedAny(&args[0], result);
}

/* A Function object implemented in C that returns its argument: the C twin of a Java callback. */
int panbench_make_identity(TVMFFIObjectHandle* out) {
  return TVMFFIFunctionCreate(NULL, panbench_identity_call, NULL, out);
}
