# Installs the toon build tree BUILD_DIR into a fresh STAGE folder (ctest fixture of the
# consumer.* tests):
#   cmake -DBUILD_DIR=... -DSTAGE=... [-DCONFIG=...] [-DLIBDIR=lib] [-DCLEAN_DIRS=a;b]
#         -P install_stage.cmake
foreach(_var IN ITEMS BUILD_DIR STAGE)
  if(NOT DEFINED ${_var})
    message(FATAL_ERROR "install_stage.cmake: ${_var} is not set")
  endif()
endforeach()
file(REMOVE_RECURSE "${STAGE}")
# Consumer builds of the previous stage: configured afresh (pkg-config results are cached).
foreach(_dir IN LISTS CLEAN_DIRS)
  file(REMOVE_RECURSE "${_dir}")
endforeach()
set(_config_args)
if(CONFIG)
  set(_config_args --config "${CONFIG}")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${STAGE}" ${_config_args}
                COMMAND_ERROR_IS_FATAL ANY)
if(NOT LIBDIR)
  set(LIBDIR lib)
endif()
foreach(_file IN ITEMS ${LIBDIR}/cmake/toon/toonConfig.cmake ${LIBDIR}/cmake/toon/toonConfigVersion.cmake
                       ${LIBDIR}/pkgconfig/toon.pc ${LIBDIR}/pkgconfig/toon-dsl.pc ${LIBDIR}/pkgconfig/toon-mcp.pc
                       include/toon/toon.hpp include/toon/detail/src/header_only/mcp.inl include/toon/version.hpp)
  if(NOT EXISTS "${STAGE}/${_file}")
    message(FATAL_ERROR "install_stage.cmake: ${STAGE}/${_file} was not installed")
  endif()
endforeach()
