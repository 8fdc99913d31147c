$set = ['a', 'b']
case 'b' { *$set: { notice('in set') } default: { notice('not') } }
