notify { ['a','b','c']: }
Notify['a'] -> Notify['b'] ~> Notify['c']
Notify['c'] <- Notify['a']
Notify <| title == 'b' |> -> Notify['c']
class x { notify { 'in-x': } }
include x
Class['x'] -> Notify['a']
