# fxview as a desktop application (README "Install"): the built-in shaders compiled into the
# executable, `cmake --install` (binary, data, desktop entry, MIME types, icon, man page), the
# Debian package (CPack) and the test of the installed result. Included from CMakeLists.txt after
# the fxview target exists. Installed layout (the executable finds its data at ../share/fxview,
# engine/core/data_paths.h):
#   bin/fxview
#   share/fxview/{assets,presets}
#   share/applications/fxview.desktop            share/mime/packages/fxview.xml
#   share/icons/hicolor/256x256/apps/fxview.png  share/man/man1/fxview.1.gz (needs help2man)

# --- built-in shaders: shaders/*.vert|frag|glsl -> one generated source in fxview_render -------------
file(GLOB FXVIEW_SHADER_FILES CONFIGURE_DEPENDS
  ${CMAKE_SOURCE_DIR}/shaders/*.vert ${CMAKE_SOURCE_DIR}/shaders/*.frag
  ${CMAKE_SOURCE_DIR}/shaders/*.glsl)
set(FXVIEW_BUILTIN_SHADERS ${CMAKE_BINARY_DIR}/generated/builtin_shaders.cpp)
add_custom_command(
  OUTPUT ${FXVIEW_BUILTIN_SHADERS}
  COMMAND ${CMAKE_COMMAND} -DSHADER_DIR=${CMAKE_SOURCE_DIR}/shaders
          -DOUTPUT=${FXVIEW_BUILTIN_SHADERS} -P ${CMAKE_SOURCE_DIR}/cmake/embed_shaders.cmake
  DEPENDS ${FXVIEW_SHADER_FILES} ${CMAKE_SOURCE_DIR}/cmake/embed_shaders.cmake
  COMMENT "Embedding shaders/ into the executable" VERBATIM)
target_sources(fxview_render PRIVATE ${FXVIEW_BUILTIN_SHADERS})

# Windows: a portable folder instead of the Linux install, package and desktop files.
if(WIN32)
  include(${CMAKE_SOURCE_DIR}/cmake/windows.cmake)
  return()
endif()

# --- generated at build time by fxview itself: the icon and the man page ----------------------
set(FXVIEW_ICON ${CMAKE_BINARY_DIR}/desktop/fxview.png)
add_custom_command(
  OUTPUT ${FXVIEW_ICON}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/desktop
  COMMAND $<TARGET_FILE:fxview> texgen icon --size 256 -o ${FXVIEW_ICON}
  DEPENDS fxview COMMENT "fxview texgen icon: the application icon" VERBATIM)
set(FXVIEW_DESKTOP_FILES ${FXVIEW_ICON})

find_program(HELP2MAN help2man)
if(HELP2MAN)
  set(FXVIEW_MANPAGE ${CMAKE_BINARY_DIR}/desktop/fxview.1.gz)
  add_custom_command(
    OUTPUT ${FXVIEW_MANPAGE}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/desktop
    COMMAND ${CMAKE_COMMAND} -DFXVIEW=$<TARGET_FILE:fxview> -DHELP2MAN=${HELP2MAN}
            -DOUTPUT=${FXVIEW_MANPAGE} -P ${CMAKE_SOURCE_DIR}/cmake/make_manpage.cmake
    DEPENDS fxview ${CMAKE_SOURCE_DIR}/cmake/make_manpage.cmake
    COMMENT "help2man: the man page from the --help texts" VERBATIM)
  list(APPEND FXVIEW_DESKTOP_FILES ${FXVIEW_MANPAGE})
else()
  message(STATUS "help2man not found: no man page (tools/setup.sh installs it)")
endif()
add_custom_target(fxview_desktop_files ALL DEPENDS ${FXVIEW_DESKTOP_FILES})

# --- cmake --install ------------------------------------------------------------------------------
# Fixed bin/ and share/: the executable looks for ../share/fxview next to itself.
install(TARGETS fxview RUNTIME DESTINATION bin)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/assets ${CMAKE_SOURCE_DIR}/presets ${CMAKE_SOURCE_DIR}/docs
  DESTINATION share/fxview)
install(FILES ${CMAKE_SOURCE_DIR}/cmake/desktop/fxview.desktop DESTINATION share/applications)
install(FILES ${CMAKE_SOURCE_DIR}/cmake/desktop/fxview-mime.xml
  DESTINATION share/mime/packages RENAME fxview.xml)
install(FILES ${FXVIEW_ICON} DESTINATION share/icons/hicolor/256x256/apps)
if(HELP2MAN)
  install(FILES ${FXVIEW_MANPAGE} DESTINATION share/man/man1)
endif()

# --- Debian package: cmake --build build --target package -> build/fxview_<version>_amd64.deb --
# Library dependencies come from the binary (dpkg-shlibdeps). The EGL/GL driver is loaded at run
# time, so shlibdeps cannot see it: Mesa's (llvmpipe renders anywhere) is named by hand. The
# desktop, MIME and icon caches are refreshed by Debian's own triggers; no maintainer scripts.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME fxview)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "viewer for game particle effects")
set(CPACK_PACKAGE_DESCRIPTION "fxview loads JSON effect definitions of five families (Halo CE glows \
and weather, Destiny-style emitter programs, Stride-style particle updaters, shader lightning), \
simulates them deterministically on the CPU and draws them with OpenGL 3.3 behind a Dear ImGui \
interface, or headless to PNG with no display server.")
set(CPACK_PACKAGE_CONTACT "fxview developers <fxview@localhost>")
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION graphics)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libegl-mesa0, libgl1-mesa-dri, fonts-dejavu-core")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "shared-mime-info, desktop-file-utils, hicolor-icon-theme")
# FFmpeg is opened at run time (app/capture/ffmpeg_library.h), so shlibdeps does not see it: name the
# libraries of the version the build compiled against.
if(AV_FOUND)
  string(REGEX MATCH "^[0-9]+" _avcodec_major "${AV_libavcodec_VERSION}")
  string(REGEX MATCH "^[0-9]+" _avformat_major "${AV_libavformat_VERSION}")
  string(REGEX MATCH "^[0-9]+" _avutil_major "${AV_libavutil_VERSION}")
  string(REGEX MATCH "^[0-9]+" _swscale_major "${AV_libswscale_VERSION}")
  string(APPEND CPACK_DEBIAN_PACKAGE_RECOMMENDS ", libavcodec${_avcodec_major}, "
         "libavformat${_avformat_major}, libavutil${_avutil_major}, libswscale${_swscale_major}")
endif()
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
include(CPack)

# --- the installed result, tested (label install; tests/cli/install_test.sh) --------------------
if(FXVIEW_BUILD_TESTS)
  add_executable(fxview_golden_compare ${CMAKE_SOURCE_DIR}/tests/tools/golden_compare.cpp)
  target_link_libraries(fxview_golden_compare PRIVATE fxview_render)
  add_test(NAME install_render_gallery
    COMMAND bash ${CMAKE_SOURCE_DIR}/tests/cli/install_test.sh ${CMAKE_BINARY_DIR}
            ${CMAKE_SOURCE_DIR} $<TARGET_FILE:fxview_golden_compare>)
  set_tests_properties(install_render_gallery PROPERTIES LABELS install TIMEOUT 120
    RESOURCE_LOCK fxview_install_manifest)
  # `cpack -G DEB` into a temporary folder, read back with dpkg-deb (tests/cli/deb_package_test.sh).
  # Both installs write build/install_manifest.txt, hence the lock.
  add_test(NAME install_deb_package
    COMMAND ${CMAKE_COMMAND} -E env --unset=DISPLAY --unset=WAYLAND_DISPLAY
            bash ${CMAKE_SOURCE_DIR}/tests/cli/deb_package_test.sh ${CMAKE_BINARY_DIR} ${CMAKE_CPACK_COMMAND})
  set_tests_properties(install_deb_package PROPERTIES LABELS install TIMEOUT 120
    RESOURCE_LOCK fxview_install_manifest)
endif()
