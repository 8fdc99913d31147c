$x = !Notify <| |>
