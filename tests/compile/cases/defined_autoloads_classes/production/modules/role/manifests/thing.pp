define role::thing {
}
