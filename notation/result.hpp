// The result of a call that can fail: its value, or the one Diagnostic (notation/diagnostic.hpp)
// saying why, with a stable code (E-IO, E-DATABASE, E-ARGUMENT, a rule code, ...). Every call
// that can fail returns one, so that a caller decides by code and every front end reports the
// same words.
//
//   Result<Options> r = options_for(...);
//   if (!r) return r.error();          // propagate the Diagnostic
//   use(*r);
#pragma once

#include <cassert>
#include <utility>
#include <variant>

#include "notation/diagnostic.hpp"

namespace ppn {

template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::in_place_index<0>, std::move(value)) {}
  Result(Diagnostic error) : v_(std::in_place_index<1>, std::move(error)) {}

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & { assert(ok()); return std::get<0>(v_); }
  const T& value() const& { assert(ok()); return std::get<0>(v_); }
  T&& value() && { assert(ok()); return std::get<0>(std::move(v_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T&& operator*() && { return std::move(*this).value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  const Diagnostic& error() const& { assert(!ok()); return std::get<1>(v_); }
  Diagnostic&& error() && { assert(!ok()); return std::get<1>(std::move(v_)); }

 private:
  std::variant<T, Diagnostic> v_;
};

// A call that can fail and gives nothing back when it succeeds.
class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(Diagnostic error) : error_(std::move(error)), failed_(true) {}
  bool ok() const { return !failed_; }
  explicit operator bool() const { return ok(); }
  const Diagnostic& error() const { assert(failed_); return error_; }

 private:
  Diagnostic error_;
  bool failed_ = false;
};

}  // namespace ppn
