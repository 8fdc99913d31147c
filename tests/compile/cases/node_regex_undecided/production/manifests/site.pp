# The first alternative backtracks exponentially on the node's name, the
# second matches it: Puppet takes this node; a match confer's engine
# cannot decide must be an error at the regexp, never `node default`.
node /^(?:(a+)+\1c|.*b\.example\.com)$/ {
  notify { 'matched by the regexp': }
}
node default {
  notify { 'default': }
}
