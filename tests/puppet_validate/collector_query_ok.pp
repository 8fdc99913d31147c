Notify <| title == 'a' and message != 'b' |>
