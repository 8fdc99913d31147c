class profile {
}
