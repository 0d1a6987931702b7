cmake_minimum_required(VERSION 3.20)
project(inventory VERSION 1.4.0 LANGUAGES C CXX)

#[[
  Options of the build. A bracket comment holds parentheses ( and
  function(not_a_function) calls that are not code.
]]
option(INVENTORY_BUILD_TESTS "Build the test suite" ON)
option(INVENTORY_WARNINGS_AS_ERRORS "Treat warnings as errors" OFF)

if(MSVC)
  add_compile_options(/W4 /permissive-)
else()
  add_compile_options(-Wall -Wextra -Wpedantic)
endif()

# inventory_add_warnings(<target>)
# Turns on the project's warnings for one target.
function(inventory_add_warnings target)
  if(INVENTORY_WARNINGS_AS_ERRORS)
    target_compile_options(${target} PRIVATE
      $<$<CXX_COMPILER_ID:MSVC>:/WX>
      $<$<NOT:$<CXX_COMPILER_ID:MSVC>>:-Werror>)
  endif()
  message(STATUS "warnings on for ${target} (\"as errors\": ${INVENTORY_WARNINGS_AS_ERRORS})")
endfunction()

macro(inventory_option_default name value)
  if(NOT DEFINED ${name})
    set(${name} ${value})
  endif()
endmacro()

# The core library.
add_library(inventory_core STATIC
  src/catalog.cpp
  src/stock.cpp
  src/pricing.cpp)
target_include_directories(inventory_core PUBLIC include)
target_compile_features(inventory_core PUBLIC cxx_std_17)
inventory_add_warnings(inventory_core)

add_executable(inventory-cli src/main.cpp)
target_link_libraries(inventory-cli PRIVATE inventory_core)
install(TARGETS inventory-cli RUNTIME DESTINATION bin)

if(INVENTORY_BUILD_TESTS)
  enable_testing()
  find_package(GTest REQUIRED)
  add_executable(inventory_tests tests/test_catalog.cpp tests/test_stock.cpp)
  target_link_libraries(inventory_tests PRIVATE inventory_core GTest::gtest_main)
  add_test(NAME inventory_tests COMMAND inventory_tests)
endif()
