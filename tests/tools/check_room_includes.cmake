# Fails when a file in an engine room includes a room it may not see (docs/architecture.md).
#
#   cmake -DSOURCE_DIR=<checkout> -DROOMS=core,formats,... -DSEES_core= -DSEES_formats=core ...
#         -P tests/tools/check_room_includes.cmake
#
# ROOMS names every folder under engine/; SEES_<room> the rooms directly below it (comma
# separated), as CMakeLists.txt declares them for linking. A room may include itself and every
# room it sees directly or through the rooms below; engine/ never includes app/ or tests/. A
# folder under engine/ that is not a declared room fails too: a new room gets its place first.

cmake_minimum_required(VERSION 3.25)

string(REPLACE "," ";" rooms "${ROOMS}")
foreach(room IN LISTS rooms)
  string(REPLACE "," ";" sees_${room} "${SEES_${room}}")
endforeach()

# Every room with the rooms it may include: itself and everything below it.
foreach(room IN LISTS rooms)
  set(visible ${room})
  set(todo ${sees_${room}})
  while(todo)
    list(POP_FRONT todo below)
    if(NOT below IN_LIST rooms)
      message(FATAL_ERROR "room ${room} sees ${below}, which is not a declared room")
    endif()
    if(NOT below IN_LIST visible)
      list(APPEND visible ${below})
      list(APPEND todo ${sees_${below}})
    endif()
  endwhile()
  set(visible_${room} ${visible})
endforeach()

set(problems "")
file(GLOB room_dirs LIST_DIRECTORIES true RELATIVE ${SOURCE_DIR}/engine ${SOURCE_DIR}/engine/*)
foreach(dir IN LISTS room_dirs)
  if(IS_DIRECTORY ${SOURCE_DIR}/engine/${dir} AND NOT dir IN_LIST rooms)
    string(APPEND problems "engine/${dir}/ is not a declared room (CMakeLists.txt FXVIEW_ROOMS)\n")
  endif()
endforeach()

set(checked 0)
foreach(room IN LISTS rooms)
  file(GLOB_RECURSE files RELATIVE ${SOURCE_DIR}
       ${SOURCE_DIR}/engine/${room}/*.h ${SOURCE_DIR}/engine/${room}/*.hpp
       ${SOURCE_DIR}/engine/${room}/*.cpp ${SOURCE_DIR}/engine/${room}/*.inl)
  foreach(file IN LISTS files)
    math(EXPR checked "${checked} + 1")
    file(STRINGS ${SOURCE_DIR}/${file} lines REGEX "^[ \t]*#[ \t]*include[ \t]*[\"<]")
    get_filename_component(file_dir ${SOURCE_DIR}/${file} DIRECTORY)
    foreach(line IN LISTS lines)
      if(NOT line MATCHES "#[ \t]*include[ \t]*[\"<]([^\">]+)[\">]")
        continue()
      endif()
      set(target ${CMAKE_MATCH_1})
      # A relative include ("../x.h") names the file it resolves to.
      if(NOT target MATCHES "^(engine|app|tests)/" AND EXISTS ${file_dir}/${target})
        get_filename_component(resolved ${file_dir}/${target} ABSOLUTE)
        file(RELATIVE_PATH target ${SOURCE_DIR} ${resolved})
      endif()
      if(target MATCHES "^(app|tests)/")
        string(APPEND problems "${file}: includes ${target}: engine/ never includes app/ or tests/\n")
      elseif(target MATCHES "^engine/([^/]+)/")
        set(to ${CMAKE_MATCH_1})
        if(NOT to IN_LIST visible_${room})
          list(JOIN visible_${room} ", " may)
          string(APPEND problems
                 "${file}: includes ${target}: engine/${room} may include only ${may}\n")
        endif()
      endif()
    endforeach()
  endforeach()
endforeach()

if(problems)
  message(FATAL_ERROR "includes against the direction of the rooms:\n${problems}")
endif()
message(STATUS "${checked} engine files include only the rooms below them")
