define ::foo() {}
