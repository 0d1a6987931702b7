require "rails_helper"

RSpec.describe Post, type: :model do
  describe "#publish!" do
    it "sets published_at" do
      post = create(:post)
      post.publish!
      expect(post.reload.published_at).to be_present
    end

    it "emails every follower of the author" do
      post = create(:post)
      create_list(:follow, 2, followee: post.author)
      expect { post.publish! }.to have_enqueued_mail(PostMailer, :published).twice
    end
  end

  describe "#state" do
    it "is scheduled when a publish time is set" do
      expect(build(:post, scheduled_at: 1.day.from_now).state).to eq("scheduled")
    end
  end
end
