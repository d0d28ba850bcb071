// The one source of each engine_room_links_<room> shared library (tests/CMakeLists.txt): the
// library's content is the whole room, linked against only the rooms below it, so this file
// holds nothing. An undefined symbol in the link is a room calling up into a room above it.
