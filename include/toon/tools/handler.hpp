// toon/tools/handler.hpp - tool handlers: the type-erased form toon::tool_catalog stores, and
// the adapter from a typed handler `R(const Args&)` to it (docs/tools.md, "Handlers").
//
// A typed handler may also take the MCP call context, `R(const Args&, toon::mcp::call_context&)`
// (<toon/mcp/call_context.hpp>, component toon::mcp; docs/mcp.md, "The call context"): progress,
// cancellation, logging and the client's identity. The form is detected at compile time; such a
// tool called without a server (tool_catalog::call) gets a detached context that reports
// nothing and is never stopped.
//
// A typed handler receives arguments that passed validation, decoded into Args by
// toon::from_value<Args> (absent defaulted fields keep the values Args{} gives them). It may
// return (R or toon::result<R>):
//   - std::string (or anything convertible to std::string_view): the result text, as it is;
//   - toon::result<void>: the text "ok" on success (`return {};`);
//   - toon::value, or any type the typed encoder accepts: encoded as TOON text.
// A handler returning void does not compile: a lambda whose `return` was forgotten would
// otherwise answer "ok" for a call whose result was lost.
// A returned error, or any exception, becomes call_status::tool_failed; nothing escapes.
// A result of the last kind (not a string, void or toon::value) is also kept as a value in
// call_result::structured (MCP structuredContent; wrapped as {"result": v} unless a struct),
// and add<Args>() gives the tool the matching tool::output_schema.
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "toon/encode.hpp"
#include "toon/error.hpp"
#include "toon/tools/call_result.hpp"
#include "toon/typed/decode.hpp"
#include "toon/typed/encode.hpp"
#include "toon/typed/schema_of.hpp"
#include "toon/typed/to_value.hpp"
#include "toon/value.hpp"

namespace toon::mcp {
class call_context;  // <toon/mcp/call_context.hpp>
/// A context for calls outside a server: no request, reports nothing, never stopped (defined
/// by the component toon::mcp, which a handler taking a call_context links anyway).
[[nodiscard]] call_context& detached_call_context() noexcept;
}  // namespace toon::mcp

namespace toon {

/// A type-erased tool handler: runs the tool on arguments that passed validation against the
/// tool's schema. Returns status ok with the result text; or tool_failed with the error in
/// `errors` (or just its message in `text`), or invalid_arguments with `errors` set: the
/// catalog then writes the text the model sees ("tool NAME failed: ...", the argument report).
using tool_handler = std::function<call_result(const value& arguments)>;
/// A type-erased tool handler that also receives the MCP call context (tool::context_handler).
using tool_context_handler = std::function<call_result(const value& arguments, mcp::call_context& context)>;

/// True when typed handler F takes the call context: callable as f(const Args&, call_context&).
template <class Args, class F>
inline constexpr bool takes_call_context_v = std::is_invocable_v<const F&, const Args&, mcp::call_context&>;

namespace detail {

template <class R>
struct is_toon_result : std::false_type {};
template <class T>
struct is_toon_result<result<T>> : std::true_type {};

/// A successful call with result text `text`.
[[nodiscard]] call_result tool_succeeded(std::string text);
/// A handler that returned `e` (or threw a toon_error carrying it).
[[nodiscard]] call_result tool_returned_error(error e);
/// A handler that threw an exception other than toon_error (`what` may be empty).
[[nodiscard]] call_result tool_threw(std::string_view what);
/// Arguments that validated but did not decode into the argument struct (e.g. out of range).
[[nodiscard]] call_result arguments_not_decodable(error e);

/// True for a handler result type R whose value is also given as structured content
/// (call_result::structured, MCP `structuredContent`): not void, a string or toon::value.
template <class R>
inline constexpr bool is_structured_result_v = [] {
  if constexpr (std::is_void_v<R>) return false;
  else return !std::is_convertible_v<const R&, std::string_view> && !std::is_same_v<R, value>;
}();

/// True when the structured content of R is wrapped as {"result": value}: R is not a struct.
template <class R>
inline constexpr bool wraps_structured_result_v = type_kind_v<R> != type_kind::object;

/// R, with toon::result<T> unwrapped to T (toon::result<void> to void).
template <class R>
struct unwrap_result {
  using type = R;
};
template <class T>
struct unwrap_result<result<T>> {
  using type = T;
};

/// What typed handler F returns on Args (and the call context, when it takes one).
template <class Args, class F, bool = takes_call_context_v<Args, F>>
struct handler_return {
  using type = std::remove_cvref_t<std::invoke_result_t<const F&, const Args&>>;
};
template <class Args, class F>
struct handler_return<Args, F, true> {
  using type = std::remove_cvref_t<std::invoke_result_t<const F&, const Args&, mcp::call_context&>>;
};

/// The result type of typed handler F on Args, toon::result<T> unwrapped to T.
template <class Args, class F>
struct handler_result {
  using type = typename unwrap_result<typename handler_return<Args, F>::type>::type;
};

/// `t` with every field that is not required also allowing null, in objects at any depth (a
/// typed value writes an empty optional as a null member).
[[nodiscard]] param_type with_nullable_optional_fields(param_type t);
/// The JSON Schema of structured content of type `t`: wrapped as {"result": t} when `wrap`.
[[nodiscard]] value structured_output_schema(param_type t, bool wrap);

/// The output schema of the structured content of typed handler F (see tool::output_schema),
/// or nothing when its result is not structured.
template <class Args, class F>
std::optional<value> output_schema_of_handler() {
  using R = typename handler_result<Args, F>::type;
  if constexpr (is_structured_result_v<R>) {
    return structured_output_schema(param_type_of<R>(0, false), wraps_structured_result_v<R>);
  } else {
    return std::nullopt;
  }
}

/// The call_result of a handler's successful return value `r` (see the file comment).
template <class R>
call_result result_text(const R& r) {
  if constexpr (std::is_convertible_v<const R&, std::string_view>) {
    return tool_succeeded(std::string(std::string_view(r)));
  } else if constexpr (std::is_same_v<R, value>) {
    return tool_succeeded(toon::encode(r));
  } else {
    static_assert(supported<R>(), "toon::tool_catalog: a handler's result must be a string, toon::value, "
                                  "or a type the typed encoder accepts");
    value v = to_value(r);
    call_result out = tool_succeeded(toon::encode(v));
    if constexpr (wraps_structured_result_v<R>) {
      object wrapped;
      wrapped.emplace_back("result", std::move(v));
      out.structured = value(std::move(wrapped));
    } else {
      out.structured = std::move(v);
    }
    return out;
  }
}

/// Calls `f(args)` (or `f(args, *context)` when F takes the call context; then `context` is not
/// null) and turns its outcome into a call_result; catches everything.
template <class Args, class F>
call_result invoke_handler(const F& f, const Args& args, mcp::call_context* context) {
  using R = typename handler_return<Args, F>::type;
  auto run = [&]() -> decltype(auto) {
    if constexpr (takes_call_context_v<Args, F>) return std::invoke(f, args, *context);
    else return std::invoke(f, args);
  };
  static_assert(!std::is_void_v<R>,
                "toon::tool_catalog: this tool handler returns nothing (a forgotten `return`?). Return the "
                "result: a std::string (the text), a toon::value or a struct (encoded as TOON, also given as "
                "structuredContent), or toon::result<T> for failures; a tool without a result returns "
                "toon::result<void> (`return {};`, answered as \"ok\").");
  try {
    if constexpr (std::is_void_v<R>) {
      return tool_threw({});  // not reached: the assertion above stops the build (one message only)
    } else if constexpr (is_toon_result<R>::value) {
      R r = run();
      if (!r.has_value()) return tool_returned_error(r.error());
      if constexpr (std::is_same_v<R, result<void>>) return tool_succeeded("ok");
      else return result_text(*r);
    } else {
      return result_text(run());
    }
  } catch (const toon_error& e) {
    return tool_returned_error(e.error());
  } catch (const std::exception& e) {
    return tool_threw(e.what());
  } catch (...) {
    return tool_threw({});
  }
}

}  // namespace detail

/// Wraps a typed handler `f` (callable as f(const Args&) or f(const Args&, mcp::call_context&);
/// it may be move-only) into a tool_context_handler: decodes the arguments with
/// from_value<Args>, calls `f` and encodes its result (see the file comment).
template <class Args, class F>
[[nodiscard]] tool_context_handler make_tool_context_handler(F f) {
  static_assert(std::is_invocable_v<const F&, const Args&> || takes_call_context_v<Args, F>,
                "toon::tool_catalog: the handler must be callable with (const Args&) or "
                "(const Args&, toon::mcp::call_context&)");
  // Shared, so that the std::function is copyable whatever F is.
  return [f = std::make_shared<const F>(std::move(f))](const value& arguments, mcp::call_context& context) -> call_result {
    try {
      result<Args> args = from_value<Args>(arguments);
      if (!args.has_value()) return detail::arguments_not_decodable(args.error());
      return detail::invoke_handler(*f, *args, &context);
    } catch (const std::exception& e) {  // from decoding (a proxy's from_proxy, allocation)
      return detail::tool_threw(e.what());
    } catch (...) {
      return detail::tool_threw({});
    }
  };
}

/// Wraps a typed handler `f` into a tool_handler (see make_tool_context_handler). A handler
/// taking the call context gets mcp::detached_call_context() (then link toon::mcp).
template <class Args, class F>
[[nodiscard]] tool_handler make_tool_handler(F f) {
  if constexpr (takes_call_context_v<Args, F>) {
    return [h = make_tool_context_handler<Args>(std::move(f))](const value& arguments) {
      return h(arguments, mcp::detached_call_context());
    };
  } else {
    static_assert(std::is_invocable_v<const F&, const Args&>,
                  "toon::tool_catalog: the handler must be callable with (const Args&) or "
                  "(const Args&, toon::mcp::call_context&)");
    // Shared, so that the std::function is copyable whatever F is.
    return [f = std::make_shared<const F>(std::move(f))](const value& arguments) -> call_result {
      try {
        result<Args> args = from_value<Args>(arguments);
        if (!args.has_value()) return detail::arguments_not_decodable(args.error());
        return detail::invoke_handler(*f, *args, nullptr);
      } catch (const std::exception& e) {  // from decoding (a proxy's from_proxy, allocation)
        return detail::tool_threw(e.what());
      } catch (...) {
        return detail::tool_threw({});
      }
    };
  }
}

}  // namespace toon

#if defined(TOON_HEADER_ONLY)
#include "toon/detail/header_only.hpp"
#endif
