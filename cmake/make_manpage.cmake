# Writes the man page fxview.1.gz from the --help texts with help2man: the top-level help becomes
# the synopsis and options, and every subcommand's --help (one level of nesting, e.g. texgen
# sprite) goes into a SUBCOMMANDS section through a help2man include file. Run as
#   cmake -DFXVIEW=<binary> -DHELP2MAN=<help2man> -DOUTPUT=<fxview.1.gz> -P make_manpage.cmake
cmake_minimum_required(VERSION 3.25)

# The subcommand names listed under "SUBCOMMANDS:" in `<binary> <prefix> --help`.
function(list_subcommands prefix out)
  execute_process(COMMAND ${FXVIEW} ${prefix} --help OUTPUT_VARIABLE help RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "make_manpage: `fxview ${prefix} --help` failed (${rc})")
  endif()
  string(REPLACE "\n" ";" lines "${help}")
  set(names "")
  set(inside FALSE)
  foreach(line IN LISTS lines)
    string(TOUPPER "${line}" upper)
    if(upper MATCHES "^SUBCOMMANDS:")
      set(inside TRUE)
    elseif(inside AND line MATCHES "^  ([a-z][a-z0-9_-]*)")
      list(APPEND names "${CMAKE_MATCH_1}")
    elseif(inside AND NOT line MATCHES "^ ")
      set(inside FALSE)
    endif()
  endforeach()
  set(${out} "${names}" PARENT_SCOPE)
endfunction()

function(append_help text_var args)
  string(REPLACE ";" " " shown "${args}")
  execute_process(COMMAND ${FXVIEW} ${args} --help OUTPUT_VARIABLE help)
  # Usage lines name the binary by the path it ran from; the page names it as installed.
  string(REPLACE "${FXVIEW}" "fxview" help "${help}")
  # help2man include files are roff: escape backslashes, keep the text verbatim in a .nf block.
  string(REPLACE "\\" "\\e" help "${help}")
  string(REGEX REPLACE "\n([.'])" "\n\\\\&\\1" help "\n${help}")
  set(${text_var} "${${text_var}}.SS \"fxview ${shown}\"\n.nf\n${help}\n.fi\n" PARENT_SCOPE)
endfunction()

list_subcommands("" commands)
set(include "[SUBCOMMANDS]\nEach subcommand takes \\fB\\-\\-help\\fR; these are their texts.\n")
foreach(cmd IN LISTS commands)
  append_help(include "${cmd}")
  list_subcommands("${cmd}" nested)
  foreach(sub IN LISTS nested)
    append_help(include "${cmd};${sub}")
  endforeach()
endforeach()
string(APPEND include "[FILES]\n.TP\n.I <prefix>/share/fxview/presets, <prefix>/share/fxview/assets\n"
  "The gallery and the default assets, found next to the executable (../share/fxview), in "
  "\\fB$FXVIEW_DATA_DIR\\fR, or under the XDG data directories (\\fB$XDG_DATA_HOME\\fR, "
  "\\fB$XDG_DATA_DIRS\\fR).\n")

get_filename_component(dir "${OUTPUT}" DIRECTORY)
set(page "${dir}/fxview.1")
file(WRITE "${dir}/fxview.h2m" "${include}")
execute_process(
  COMMAND ${HELP2MAN} --no-info --section=1
          "--name=viewer for game particle effects" "--include=${dir}/fxview.h2m"
          "--output=${page}" ${FXVIEW}
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "make_manpage: help2man failed (${rc})")
endif()
execute_process(COMMAND gzip -9nf "${page}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "make_manpage: gzip failed (${rc})")
endif()
