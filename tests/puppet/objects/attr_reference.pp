type Peer = Object[{attributes => {name => String, peer => {type => Optional[Peer], kind => reference, value => undef}}}]
notice(Peer)
$n = Peer('a')
notice(Peer('b', $n))
notice(Peer('b', $n).peer.name)
