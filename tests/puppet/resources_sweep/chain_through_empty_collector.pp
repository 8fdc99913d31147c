notify { 'a': }
-> Package <| tag == 'nothing' |>
~> notify { 'b': }
-> Notify <| title == 'c' |>
notify { 'c': }
