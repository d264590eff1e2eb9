# toonPackaging.cmake - install rules, the CMake package (installed and build tree) and the
# pkg-config file of the toon library. Included by the top-level CMakeLists.txt.
#
# Installed layout (prefix P):
#   P/include/toon/...                      public headers
#   P/include/toon/detail/src/...           the library's sources, for the header-only targets
#   P/<libdir>/libtoon.a | libtoon.so*      the core component toon::toon
#   P/<libdir>/libtoon_dsl.*, libtoon_mcp.* the components toon::dsl and toon::mcp
#   P/<libdir>/cmake/toon/                  toonConfig.cmake, toonConfigVersion.cmake, toonTargets*.cmake
#   P/<libdir>/pkgconfig/toon.pc, toon-dsl.pc, toon-mcp.pc
#                                           pkg-config files, one per component (relocatable)
#   P/bin/toon                              the CLI, when TOON_BUILD_CLI is ON
#
# The build tree is a package too: -Dtoon_DIR=<build dir> finds the targets there.

if(NOT TOON_INSTALL)
  return()
endif()

include(CMakePackageConfigHelpers)

set(TOON_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/toon" CACHE STRING
    "Where toonConfig.cmake is installed, relative to the prefix")
set(TOON_INSTALL_PKGCONFIGDIR "${CMAKE_INSTALL_LIBDIR}/pkgconfig" CACHE STRING
    "Where toon.pc is installed, relative to the prefix")

get_target_property(_toon_type toon TYPE)
if(_toon_type STREQUAL "STATIC_LIBRARY")
  set(TOON_CONFIG_STATIC TRUE)
  set(TOON_CONFIG_LIBRARY_TYPE STATIC)
else()
  set(TOON_CONFIG_STATIC FALSE)
  set(TOON_CONFIG_LIBRARY_TYPE SHARED)
endif()

# ---- the library, its headers and the CLI ----------------------------------------------------
install(TARGETS toon toon_header_only toon_dsl toon_dsl_header_only toon_mcp toon_mcp_header_only
  EXPORT toonTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT toon_development
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT toon_runtime NAMELINK_COMPONENT toon_development
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT toon_runtime)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/toon
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT toon_development
  FILES_MATCHING PATTERN "*.hpp")
# The library's sources, for the header-only targets (toon/detail/header_only.hpp finds them here).
install(DIRECTORY ${PROJECT_SOURCE_DIR}/src/
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/toon/detail/src COMPONENT toon_development
  FILES_MATCHING PATTERN "*.cpp" PATTERN "*.hpp" PATTERN "*.inl"
  PATTERN "cli" EXCLUDE)
if(TARGET toon_cli)
  if(NOT TOON_CONFIG_STATIC)
    # The installed CLI finds the shared library relative to itself, wherever the tree goes.
    if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}" OR IS_ABSOLUTE "${CMAKE_INSTALL_BINDIR}")
      set_target_properties(toon_cli PROPERTIES INSTALL_RPATH "${CMAKE_INSTALL_FULL_LIBDIR}")
    else()
      file(RELATIVE_PATH _toon_bin_to_lib "/root/${CMAKE_INSTALL_BINDIR}" "/root/${CMAKE_INSTALL_LIBDIR}")
      set_target_properties(toon_cli PROPERTIES INSTALL_RPATH "$ORIGIN/${_toon_bin_to_lib}")
    endif()
  endif()
  install(TARGETS toon_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT toon_cli)
endif()

# ---- CMake package: find_package(toon CONFIG) -------------------------------------------------
configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/toonConfig.cmake.in
  ${PROJECT_BINARY_DIR}/toonConfig.cmake
  INSTALL_DESTINATION ${TOON_INSTALL_CMAKEDIR})
# 0.x releases may change the API between minor versions: a request for 0.1 accepts 0.1.*.
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/toonConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMinorVersion)
install(EXPORT toonTargets
  NAMESPACE toon::
  FILE toonTargets.cmake
  DESTINATION ${TOON_INSTALL_CMAKEDIR}
  COMPONENT toon_development)
install(FILES ${PROJECT_BINARY_DIR}/toonConfig.cmake ${PROJECT_BINARY_DIR}/toonConfigVersion.cmake
  DESTINATION ${TOON_INSTALL_CMAKEDIR}
  COMPONENT toon_development)

# The build tree as a package (same config file: it only includes toonTargets.cmake beside it).
export(EXPORT toonTargets NAMESPACE toon:: FILE ${PROJECT_BINARY_DIR}/toonTargets.cmake)

# ---- pkg-config -----------------------------------------------------------------------------
# Paths are written relative to the .pc file (${pcfiledir}), so the file stays right when the
# tree is installed with `cmake --install --prefix DIR` or moved, as Conan does.
function(_toon_pc_path out dir)
  if(IS_ABSOLUTE "${dir}")
    set(${out} "${dir}" PARENT_SCOPE)
  else()
    set(${out} "\${prefix}/${dir}" PARENT_SCOPE)
  endif()
endfunction()
if(IS_ABSOLUTE "${TOON_INSTALL_PKGCONFIGDIR}")
  message(FATAL_ERROR "TOON_INSTALL_PKGCONFIGDIR must be relative to the install prefix")
endif()
file(RELATIVE_PATH TOON_PC_PREFIX_FROM_PCDIR "/root/${TOON_INSTALL_PKGCONFIGDIR}" "/root")
string(REGEX REPLACE "/$" "" TOON_PC_PREFIX_FROM_PCDIR "${TOON_PC_PREFIX_FROM_PCDIR}")
_toon_pc_path(TOON_PC_LIBDIR "${CMAKE_INSTALL_LIBDIR}")
_toon_pc_path(TOON_PC_INCLUDEDIR "${CMAKE_INSTALL_INCLUDEDIR}")
# A static libtoon.a needs -lsimdjson at every link, so simdjson is a public requirement then.
# Boost ships no pkg-config file; its headers are expected on the default include path.
if(TOON_CONFIG_STATIC)
  set(TOON_PC_REQUIRES "fmt simdjson")
  set(TOON_PC_REQUIRES_PRIVATE "")
else()
  set(TOON_PC_REQUIRES "fmt")
  set(TOON_PC_REQUIRES_PRIVATE "simdjson")
endif()
# A sanitized build (TOON_SANITIZE) needs the sanitizer runtimes at every link.
set(TOON_PC_EXTRA_LIBS "")
if(TOON_SANITIZE)
  set(TOON_PC_EXTRA_LIBS " -fsanitize=address,undefined")
endif()
# One file per component: toon (the core), toon-dsl and toon-mcp, each requiring the one below.
set(TOON_PC_NAME toon)
set(TOON_PC_DESCRIPTION "${PROJECT_DESCRIPTION}")
set(TOON_PC_LIB toon)
configure_file(${PROJECT_SOURCE_DIR}/cmake/toon.pc.in ${PROJECT_BINARY_DIR}/toon.pc @ONLY)
set(TOON_PC_NAME toon-dsl)
set(TOON_PC_DESCRIPTION "MCP-DSL compiler and decompiler of toon-cpp")
set(TOON_PC_LIB toon_dsl)
set(TOON_PC_REQUIRES "toon = ${PROJECT_VERSION}")
set(TOON_PC_REQUIRES_PRIVATE "")
configure_file(${PROJECT_SOURCE_DIR}/cmake/toon.pc.in ${PROJECT_BINARY_DIR}/toon-dsl.pc @ONLY)
set(TOON_PC_NAME toon-mcp)
set(TOON_PC_DESCRIPTION "MCP server, client and tooling of toon-cpp")
set(TOON_PC_LIB "toon_mcp")
set(TOON_PC_REQUIRES "toon-dsl = ${PROJECT_VERSION}")
# OpenSSL's libcrypto (the OAuth client): at every link of a static libtoon_mcp.a.
if(TOON_CONFIG_STATIC)
  set(TOON_PC_REQUIRES "${TOON_PC_REQUIRES} libcrypto")
else()
  set(TOON_PC_REQUIRES_PRIVATE "libcrypto")
endif()
set(TOON_PC_EXTRA_LIBS " -pthread${TOON_PC_EXTRA_LIBS}")
configure_file(${PROJECT_SOURCE_DIR}/cmake/toon.pc.in ${PROJECT_BINARY_DIR}/toon-mcp.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/toon.pc ${PROJECT_BINARY_DIR}/toon-dsl.pc ${PROJECT_BINARY_DIR}/toon-mcp.pc
  DESTINATION ${TOON_INSTALL_PKGCONFIGDIR}
  COMPONENT toon_development)
