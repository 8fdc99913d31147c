type P = Object[{attributes => {x => Integer}}]
type Q = Object[{attributes => {x => Integer}}]
type R = P {attributes => {y => Integer}}
notice(type([P(1), P(2)], reduced))
notice(type([P(1), Q(1)], reduced))
notice(type([P(1), R(1, 2)], reduced))
notice(type([P(1), 1], reduced))
notice(type({a => P(1), b => R(1, 2)}, reduced))
