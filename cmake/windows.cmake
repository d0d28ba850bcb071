# fxview for Windows as a portable folder (README "Windows"): fxview.exe, the DLLs it needs
# (oneTBB and the MinGW C++ runtime), assets/, presets/, README.txt and the licences. Included
# from install.cmake when cross-building; tools/build-windows.sh installs the component
# windows-portable into build-windows/fxview-<version>-windows-x64/ and zips it. Settings go to
# %APPDATA%\fxview (engine/core/platform.h); nothing is written to the registry.

# Every program of the build (fxview.exe, the test programs) in one folder with the DLLs: Windows
# looks for a program's DLLs beside it.
set(FXVIEW_RUNTIME_DLLS "")
foreach(dll libstdc++-6.dll libgcc_s_seh-1.dll libwinpthread-1.dll)
  execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=${dll}
                  OUTPUT_VARIABLE _dll OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT IS_ABSOLUTE "${_dll}" OR NOT EXISTS "${_dll}")
    message(FATAL_ERROR "MinGW runtime ${dll} not found (${CMAKE_CXX_COMPILER} -print-file-name)")
  endif()
  list(APPEND FXVIEW_RUNTIME_DLLS ${_dll})
endforeach()
get_target_property(_tbb_dll TBB::tbb IMPORTED_LOCATION_RELEASE)
if(NOT _tbb_dll)
  get_target_property(_tbb_dll TBB::tbb IMPORTED_LOCATION)
endif()
list(APPEND FXVIEW_RUNTIME_DLLS ${_tbb_dll})
file(COPY ${FXVIEW_RUNTIME_DLLS} DESTINATION ${CMAKE_BINARY_DIR})

# The application manifest: UTF-8 as the process code page (the narrow APIs of libraries fxview
# does not control), long paths, per-monitor DPI awareness and a common-controls version.
set(FXVIEW_RC ${CMAKE_BINARY_DIR}/generated/fxview.rc)
file(WRITE ${FXVIEW_RC} "1 24 \"${CMAKE_SOURCE_DIR}/cmake/windows/fxview.manifest\"\n")
target_sources(fxview PRIVATE ${FXVIEW_RC})

set(_c windows-portable)
install(TARGETS fxview RUNTIME DESTINATION . COMPONENT ${_c})
install(FILES ${FXVIEW_RUNTIME_DLLS} DESTINATION . COMPONENT ${_c})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/assets ${CMAKE_SOURCE_DIR}/presets ${CMAKE_SOURCE_DIR}/docs
        DESTINATION .
        COMPONENT ${_c})
install(FILES ${CMAKE_SOURCE_DIR}/cmake/windows/README.txt DESTINATION . COMPONENT ${_c})
# The viewer's font (Latin, Greek, Cyrillic), from Debian's fonts-dejavu-core as on Linux.
install(FILES /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf DESTINATION fonts COMPONENT ${_c})
if(EXISTS ${FXVIEW_WINDOWS_DEPS}/licenses)
  install(DIRECTORY ${FXVIEW_WINDOWS_DEPS}/licenses/ DESTINATION licenses COMPONENT ${_c})
endif()
