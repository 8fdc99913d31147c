notify { 'x': tag => 'mine' }
notify { 'y': }
Notify <| tag == 'mine' |> { message => 'collected and overridden' }
