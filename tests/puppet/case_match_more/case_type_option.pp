case 3 {
  String: { notice('string') }
  Integer[0, 2]: { notice('small') }
  Integer: { notice('int') }
}
