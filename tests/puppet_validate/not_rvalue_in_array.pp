Notify <| |> -> Notify <| |>
$y = [Notify <| |>]
