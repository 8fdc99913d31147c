@notify { 'virtual': }
Notify <| title == 'virtual' |>
notice('collected')
