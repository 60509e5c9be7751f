# Collision-set implementations (engine/sets/), listed explicitly.
set(ENGINE_SET_SOURCES
)
