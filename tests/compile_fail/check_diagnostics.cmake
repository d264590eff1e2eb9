# Compiles one source that must fail and checks the compiler's diagnostics (tests/CMakeLists.txt,
# compile_fail.*). Each line `// expect-<family>: TEXT` of the source (family GNU or Clang, the
# compiler in use) is a text that must occur in the output, in that order; the first one must be
# on the output's first error line, so that the library's message is what a user sees first. A
# source without expectations must compile (the control that include paths and flags are right).
#
#   cmake -DCOMPILER=... -DFAMILY=GNU|Clang -DSOURCE=... "-DINCLUDES=a|b" -P check_diagnostics.cmake
foreach(_var COMPILER FAMILY SOURCE)
  if(NOT DEFINED ${_var})
    message(FATAL_ERROR "check_diagnostics.cmake: ${_var} is not set")
  endif()
endforeach()

string(REPLACE "|" ";" _includes "${INCLUDES}")
# `// compile-std: c++17` in the source picks the language level (default c++20).
file(STRINGS ${SOURCE} _std REGEX "^// compile-std: ")
if(_std)
  string(REGEX REPLACE "^// compile-std: " "" _std "${_std}")
else()
  set(_std c++20)
endif()
set(_args -std=${_std} -fsyntax-only)
foreach(_dir IN LISTS _includes)
  if(_dir)
    list(APPEND _args -I${_dir})
  endif()
endforeach()

# The expectations, with ';', '[' and ']' kept out of CMake's list splitting.
file(READ ${SOURCE} _source)
string(REPLACE ";" "@SEMICOLON@" _source "${_source}")
string(REPLACE "[" "@LBRACKET@" _source "${_source}")
string(REPLACE "]" "@RBRACKET@" _source "${_source}")
string(REPLACE "\n" ";" _lines "${_source}")
set(_expected)
foreach(_line IN LISTS _lines)
  if(_line MATCHES "^// expect-${FAMILY}: ")
    string(REGEX REPLACE "^// expect-${FAMILY}: " "" _text "${_line}")
    list(APPEND _expected "${_text}")
  endif()
endforeach()
macro(_toon_unescape _var)
  string(REPLACE "@SEMICOLON@" ";" ${_var} "${${_var}}")
  string(REPLACE "@LBRACKET@" "[" ${_var} "${${_var}}")
  string(REPLACE "@RBRACKET@" "]" ${_var} "${${_var}}")
endmacro()

# ASCII quotes and untranslated messages from GCC.
set(ENV{LC_ALL} C)
set(ENV{LANG} C)
execute_process(COMMAND ${COMPILER} ${_args} ${SOURCE}
                RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _err)
set(_output "${_out}${_err}")

list(LENGTH _expected _count)
if(_count EQUAL 0)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "${SOURCE} should compile but failed:\n${_output}")
  endif()
  message(STATUS "${SOURCE}: compiles")
  return()
endif()

if(_rc EQUAL 0)
  message(FATAL_ERROR "${SOURCE} compiled, but it must fail with:\n${_expected}")
endif()

string(REGEX MATCH "[^\n]*error:[^\n]*" _first_error "${_output}")
list(GET _expected 0 _first_expected)
_toon_unescape(_first_expected)
string(FIND "${_first_error}" "${_first_expected}" _at)
if(_at EQUAL -1)
  message(FATAL_ERROR "${SOURCE}: the first error is not the expected one.\n"
                      "expected in it: ${_first_expected}\nfirst error:    ${_first_error}\n"
                      "output:\n${_output}")
endif()

set(_rest "${_output}")
foreach(_text IN LISTS _expected)
  _toon_unescape(_text)
  string(FIND "${_rest}" "${_text}" _at)
  if(_at EQUAL -1)
    message(FATAL_ERROR "${SOURCE}: expected text not found (in order):\n${_text}\noutput:\n${_output}")
  endif()
  string(SUBSTRING "${_rest}" ${_at} -1 _rest)
endforeach()
message(STATUS "${SOURCE}: ${_count} expected diagnostics found")
