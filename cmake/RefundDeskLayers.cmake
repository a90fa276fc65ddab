# The layers' direction as a build error, not a convention.
#
# Every layer is a library whose sources are included by a path that names the layer
# ("domain/money.h", "store/sqlite/sqlitestore.h", "ui/console/shell/mainwindow.h"). A layer's
# include root, in the build tree, holds one symbolic link of that name to the layer's
# folder and nothing else, and a library sees only its own root and the roots of the
# layers it links. A header of a layer it does not link is then "No such file": the
# domain cannot include the store, the store cannot include the evidence, the model
# cannot include a widget.
function(rd_layer_include_root target folder name)
    set(root "${CMAKE_BINARY_DIR}/layers/${target}")
    get_filename_component(parent "${root}/${name}" DIRECTORY)
    file(MAKE_DIRECTORY "${parent}")
    file(CREATE_LINK "${folder}" "${root}/${name}" SYMBOLIC)
    target_include_directories(${target} PUBLIC "${root}")
endfunction()
