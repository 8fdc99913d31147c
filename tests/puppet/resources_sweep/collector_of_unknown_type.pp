# A collector of a type that does not exist is refused where it is.
notify { 'before': }
Nosuchtype <| title == 'x' |>
