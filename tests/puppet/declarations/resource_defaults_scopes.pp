class c { Notify { message => "from c" } notify { "in-c": } }
Notify { message => "top" }
include c
notify { "top-one": }
notify { "own": message => "own" }
@notify { "v": }
Notify <| title == "v" |>
