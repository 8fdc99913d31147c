Notify <| title > 'a' |>
