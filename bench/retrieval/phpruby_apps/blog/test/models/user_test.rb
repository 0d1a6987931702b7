require "test_helper"

class UserTest < ActiveSupport::TestCase
  test "email is normalized to lower case" do
    user = User.new(email: "  Alice@Example.COM ")
    assert_equal "alice@example.com", user.email
  end

  def test_admin_role
    assert users(:admin).admin?
    refute users(:alice).admin?
  end
end
