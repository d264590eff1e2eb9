# ctest core.no_platform_symbols: the core library (LIBRARY, libtoon) references no thread,
# process or pipe function, by `nm` over its objects; CONTROL (libtoon_mcp) must reference some,
# so that a broken nm call or pattern cannot pass unnoticed.
#   cmake -DNM=nm -DLIBRARY=libtoon.a -DCONTROL=libtoon_mcp.a -P core_symbols.cmake
set(_forbidden "^(fork|vfork|execve|execv|execvp|execvpe|pipe|pipe2|posix_spawn|posix_spawnp|waitpid|pthread_create)(@.*)?$")

function(toon_symbols out library)
  execute_process(COMMAND ${NM} -C ${library} RESULT_VARIABLE _rc OUTPUT_VARIABLE _text ERROR_VARIABLE _err)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "${NM} ${library} failed (${_rc}): ${_err}")
  endif()
  string(REPLACE "\n" ";" _lines "${_text}")
  set(_found)
  foreach(_line IN LISTS _lines)
    # "<address> <type> <name>" or "                 U <name>"
    if(_line MATCHES "^[0-9a-fA-F ]* [A-Za-z] (.*)$")
      set(_name "${CMAKE_MATCH_1}")
      if(_name MATCHES "${_forbidden}" OR _name MATCHES "^std::thread::")
        list(APPEND _found "${_name}")
      endif()
    endif()
  endforeach()
  list(REMOVE_DUPLICATES _found)
  set(${out} "${_found}" PARENT_SCOPE)
endfunction()

toon_symbols(_core "${LIBRARY}")
toon_symbols(_control "${CONTROL}")
if(NOT _control)
  message(FATAL_ERROR "the control library ${CONTROL} shows none of the symbols looked for: the check is broken")
endif()
message(STATUS "control ${CONTROL}: ${_control}")
if(_core)
  message(FATAL_ERROR "the core library ${LIBRARY} references: ${_core}")
endif()
message(STATUS "core ${LIBRARY}: no fork, exec*, pipe*, posix_spawn*, waitpid, pthread_create or std::thread")
